/** The confirm save modal: what each action asks before saving. */

export type ConfirmSaveAction =
  'AddContact' | 'AddContactGroup' | 'RenameContactGroup' | 'CreateMailboxes' | 'createTeams';

/** What is being saved: a group's or a team's name, and how many entries it carries. */
export interface ConfirmSaveSubject {
  name: string;
  count: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const CONFIRM_SAVE_TEXTS: Record<
  ConfirmSaveAction,
  { title: string; text: (subject: ConfirmSaveSubject) => string }
> = {
  AddContact: {
    title: 'Add these contacts?',
    text: ({ name, count }) =>
      `${plural(count, 'contact', 'contacts')} will be added to the group ${name}.`,
  },
  AddContactGroup: {
    title: 'Create this group?',
    text: ({ name, count }) =>
      `The group ${name} will be created with ${plural(count, 'contact', 'contacts')}.`,
  },
  RenameContactGroup: {
    title: 'Rename this group?',
    text: ({ name }) => `The group will be renamed to ${name}.`,
  },
  CreateMailboxes: {
    title: 'Add these mailboxes?',
    text: ({ count }) =>
      `${plural(count, 'mailbox', 'mailboxes')} will be added to your workspace.`,
  },
  createTeams: {
    title: 'Create this team?',
    text: ({ name, count }) =>
      `The team ${name} will be created with ${plural(count, 'mailbox', 'mailboxes')}.`,
  },
};
