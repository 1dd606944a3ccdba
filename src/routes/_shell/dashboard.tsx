import { createFileRoute } from '@tanstack/react-router';
import { supportMailto } from '../../config';
import { buttonClassName } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { DashboardIcon } from '../../ui/icons';
import { Card, Page, PageHeader } from '../../ui/Page';

export const Route = createFileRoute('/_shell/dashboard')({
  staticData: { routeName: 'dashboard' },
  component: DashboardPage,
});

function DashboardPage() {
  return (
    <Page>
      <PageHeader
        title="Your dashboard"
        subtitle="Measure your team's email activity and track KPIs."
      />
      <Card>
        <EmptyState
          icon={<DashboardIcon size={26} />}
          title="Your dashboard will be ready soon"
          text="We're preparing the email statistics of your mailboxes. Your account manager can tell you when they will be ready."
          action={
            <a href={supportMailto()} className={buttonClassName()}>
              Contact your Account Manager
            </a>
          }
        />
      </Card>
    </Page>
  );
}
