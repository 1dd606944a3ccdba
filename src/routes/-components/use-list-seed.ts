import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import type { FeatureName } from '@/session/user-info';
import { sameView } from '@/machines/shared/same-view';
import {
  listSeed,
  workspaceDataView,
  type SideList,
} from '@/machines/workspace-data/workspace-data.view';

/**
 * The seed of a list page: the lists loaded at sign-in show at once; the page still fetches
 * fresh ones. `useListSeed('teams', ['mailboxes'])`.
 */
export function useListSeed<TMain extends FeatureName, TSide extends SideList = never>(
  main: TMain,
  sides: readonly TSide[] = [],
) {
  const { workspaceData } = useAppContext();
  const { lists } = useSelector(workspaceData, workspaceDataView, sameView);
  return listSeed(lists, main, sides);
}
