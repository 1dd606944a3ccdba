import type { Integration } from '@/machines/request-form/request-form.machine';

export interface CatalogueItem extends Integration {
  /** Two letters drawn in the tile's logo square. */
  monogram: string;
}

interface CatalogueGroup {
  title: string;
  text: string;
  items: readonly CatalogueItem[];
}

const item = (id: string, name: string, monogram: string): CatalogueItem => ({
  id,
  name,
  monogram,
});

/** The integrations on offer, in their three groups. */
export const CATALOGUE: readonly CatalogueGroup[] = [
  {
    title: 'CRM',
    text: 'See email activity next to your accounts, deals and contacts.',
    items: [
      item('attio', 'Attio', 'At'),
      item('hubspot', 'Hubspot', 'Hs'),
      item('salesforce', 'Salesforce', 'Sf'),
      item('microsoft-dynamics-365', 'Microsoft Dynamics 365', 'D3'),
      item('pipedrive', 'Pipedrive', 'Pd'),
      item('zoho', 'Zoho', 'Zo'),
    ],
  },
  {
    title: 'Sales and marketing',
    text: 'Bring calls, chats, tickets and orders into the same picture as your email.',
    items: [
      item('aircall', 'Aircall', 'Ac'),
      item('close', 'Close', 'Cl'),
      item('drift', 'Drift', 'Dr'),
      item('gong', 'Gong', 'Go'),
      item('intercom', 'Intercom', 'Ic'),
      item('outreach', 'Outreach', 'Or'),
      item('ringcentral', 'RingCentral', 'Rc'),
      item('shopify', 'Shopify', 'Sh'),
      item('zendesk', 'Zendesk', 'Zd'),
    ],
  },
  {
    title: 'Data warehouse',
    text: 'Send your email statistics to the warehouse where the rest of your data lives.',
    items: [
      item('azure-synapse', 'Azure Synapse', 'AS'),
      item('azure-blob-storage', 'Azure Blob Storage', 'AB'),
      item('bigquery', 'BigQuery', 'BQ'),
      item('clickhouse', 'ClickHouse', 'CH'),
      item('databricks', 'Databricks', 'Db'),
      item('redshift', 'Redshift', 'Rs'),
      item('snowflake', 'Snowflake', 'Sn'),
    ],
  },
];
