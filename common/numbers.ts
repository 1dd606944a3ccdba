// How counts and shares are written wherever a figure is shown: the dashboard, its charts, the
// report emails and the settings tables write them alike.

/** `12,345` */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A share of 0–1 as a whole percent: `87%`. */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;
