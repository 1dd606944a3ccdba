// The spec's texts for the Looker Studio header, shared by every state of the page.
export const DASHBOARD_TITLE = 'Your dashboard';
export const DASHBOARD_SUBTITLE = "Measure your team's email activity and track KPIs.";
