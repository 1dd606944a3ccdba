/**
 * The compare a screen passes with a view (`useSelector(actor, usersView, sameView)`): two views
 * are the same when every field is the same value, so a snapshot that changes nothing the
 * screen shows re-renders nothing. Views keep their fields flat for this.
 */
export function sameView<TView extends object>(a: TView, b: TView): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof TView)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
