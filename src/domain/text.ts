/** Names shown in removal texts are cut at 50 characters, followed by an ellipsis. */
const REMOVAL_NAME_LIMIT = 50;

/** `text` itself when it fits in `limit` characters, else its first `limit` and `...`. */
export function truncate(text: string, limit: number = REMOVAL_NAME_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** `1 user` / `2 users`: a noun that follows a count. */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  count === 1 ? singular : pluralForm;
