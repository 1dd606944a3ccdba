import type { components, operations } from '../../openapi/portal.gen';

// The API's entities, named once from the generated contract; everything in src/ imports them
// from here. Roles, features and weekdays are named in common/, which the server shares.

type Schemas = components['schemas'];

export type Alert = Schemas['Alert'];
export type ApiToken = Schemas['ApiToken'];
export type CreatedApiToken = Schemas['CreatedApiToken'];
export type NewApiToken = Schemas['NewApiToken'];
export type AlertInput = Schemas['AlertInput'];
export type BhsStatus = Schemas['BhsStatus'];
export type Breadcrumb = Schemas['Breadcrumb'];
export type BusinessHours = Schemas['BusinessHours'];
export type ClientData = Schemas['ClientData'];
export type ClientErrorReport = Schemas['ClientErrorReport'];
export type Contact = Schemas['Contact'];
export type ContactGroup = Schemas['ContactGroup'];
export type ContactInput = Schemas['ContactInput'];
export type Dashboard = Schemas['Dashboard'];
export type DemoUser = Schemas['DemoUser'];
export type FeatureFlags = Schemas['FeatureFlags'];
export type FeedbackInput = Schemas['FeedbackInput'];
export type FeedbackType = Schemas['FeedbackType'];
export type FilteringSettingsReply = Schemas['FilteringSettingsReply'];
export type Holiday = Schemas['Holiday'];
export type HolidayCandidate = Schemas['HolidayCandidate'];
export type HolidayCountry = Schemas['HolidayCountryEntry'];
export type HolidayImport = Schemas['HolidayImport'];
export type MailboxHolidays = Schemas['MailboxHolidays'];
export type IntegrationRequestInput = Schemas['IntegrationRequestInput'];
export type Mailbox = Schemas['Mailbox'];
export type MailboxBusinessHours = Schemas['MailboxBusinessHours'];
export type MailboxCheck = Schemas['WsMailboxCheck'];
export type MailboxStatus = Schemas['MailboxStatus'];
export type Me = Schemas['Me'];
export type ReportChoices = Schemas['ReportChoices'];
export type ReportList = Schemas['ReportList'];
export type ReportQueued = Schemas['ReportQueued'];
export type ReportSubscription = Schemas['ReportSubscription'];
export type SignInOptions = Schemas['SignInOptions'];
export type SignInCodePeek = Schemas['SignInCodePeek'];
export type Team = Schemas['Team'];
export type User = Schemas['User'];
export type WsClientMessage = Schemas['WsClientMessage'];
export type WsServerMessage = Schemas['WsServerMessage'];

// The native dashboard's statistics and filter choices.
export type DashboardFilters = Schemas['DashboardFilters'];
export type StatsBreakdown = Schemas['StatsBreakdown'];
export type StatsBreakdownRow = Schemas['StatsBreakdownRow'];
export type StatsDistribution = Schemas['StatsDistribution'];
export type StatsHeatmap = Schemas['StatsHeatmap'];
export type StatsSummary = Schemas['StatsSummary'];
export type StatsTimeseries = Schemas['StatsTimeseries'];
export type StatsUnrepliedPage = Schemas['StatsUnrepliedPage'];

// The audit log (Settings → Activity).
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
/** The filters and page of `listAuditEntries` (the export takes the same filters, no page). */
export type AuditQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
