import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, type FilterDef, useTableState } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { type Invitation, type Member, useMembers } from '../api/members-api';
import { InviteDialog, ROLES } from './invite-dialog';
import { InvitationPanel, MemberPanel } from './member-panel';

/** A line of the list: a member, or an open invitation (status "invited"). */
type Row = {
  id: string;
  name: string;
  email: string;
  role: Member['role'];
  status: string;
  member?: Member;
  invitation?: Invitation;
};

const statusPalette: Record<string, string> = {
  active: 'green',
  awaiting_validation: 'orange',
  invited: 'blue',
  deactivated: 'gray',
  expired: 'red',
};

function rowsOf(data: { data: Member[]; invitations: Invitation[] }): Row[] {
  return [
    ...data.data.map((member) => ({ ...member, id: `m${member.id}`, member })),
    ...data.invitations.map((invitation) => ({
      id: `i${invitation.id}`,
      // The person names themselves on accepting: until then there is no name (the e-mail is its own column).
      name: '',
      email: invitation.email,
      role: invitation.role,
      status: invitation.expired ? 'expired' : 'invited',
      invitation,
    })),
  ];
}

/** `/userlist`: the company's members and invitations, for its administrators (a small list, filtered here). */
export function MembersScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const filters = useMemo<FilterDef[]>(
    () => [
      {
        id: 'status',
        kind: 'select',
        label: t('members.filters.status'),
        options: ['active', 'awaiting_validation', 'invited', 'deactivated'].map((s) => ({
          value: s,
          label: t(`members.statuses.${s}`),
        })),
      },
      {
        id: 'role',
        kind: 'select',
        label: t('members.filters.role'),
        options: ROLES.map((r) => ({ value: r, label: t(`members.roles.${r}`) })),
      },
    ],
    [t],
  );
  const state = useTableState(filters);
  const query = useMembers();
  const all = query.data ? rowsOf(query.data) : undefined;
  const q = state.q.trim().toLowerCase();
  const [status] = state.filters.status ?? [];
  const [role] = state.filters.role ?? [];
  const matching = all?.filter(
    (row) =>
      (!q || row.name.toLowerCase().includes(q) || row.email.toLowerCase().includes(q)) &&
      (!status || (status === 'invited' ? row.invitation !== undefined : row.status === status)) &&
      (!role || row.role === role),
  );
  const start = (state.page - 1) * state.pageSize;
  const page = matching && {
    data: matching.slice(start, start + state.pageSize),
    meta: {
      page: state.page,
      page_size: state.pageSize,
      total: matching.length,
      total_is_lower_bound: false,
      has_more: start + state.pageSize < matching.length,
    },
  };
  const columns: ColumnDef<Row>[] = [
    {
      id: 'name',
      header: t('members.columns.name'),
      cell: (r) =>
        r.name || (
          <Text as="span" color="fg.muted" fontStyle="italic">
            {t('members.columns.nameOnAccepting')}
          </Text>
        ),
      primary: true,
    },
    { id: 'email', header: t('members.columns.email'), cell: (r) => r.email },
    { id: 'role', header: t('members.columns.role'), cell: (r) => t(`members.roles.${r.role}`) },
    {
      id: 'status',
      header: t('members.columns.status'),
      cell: (r) => <Badge colorPalette={statusPalette[r.status] ?? 'gray'}>{t(`members.statuses.${r.status}`)}</Badge>,
    },
    {
      id: 'lastSignIn',
      header: t('members.columns.lastSignIn'),
      cell: (r) =>
        r.member?.last_sign_in_at
          ? format.date(r.member.last_sign_in_at, { dateStyle: 'medium', timeStyle: 'short' })
          : r.member
            ? t('members.never')
            : '—',
    },
    {
      id: 'twoFactor',
      header: t('members.columns.twoFactor'),
      cell: (r) => (r.member ? t(`members.twoFactor.${r.member.two_factor}`) : '—'),
    },
  ];
  const open = all?.find((row) => row.id === state.open);
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('members.title')}
      </Heading>
      <DataTable<Row>
        tableId="members"
        caption={t('members.caption')}
        columns={columns}
        page={{ data: page, isFetching: query.isFetching, isError: query.isError }}
        rowId={(row) => row.id}
        state={state}
        filters={filters}
        searchLabel={t('members.search')}
        empty={{ title: t('members.empty.title'), description: t('members.empty.description') }}
        toolbar={<InviteDialog />}
        detailTitle={open?.name ?? t('members.title')}
        renderDetail={() =>
          open?.member ? (
            <MemberPanel member={open.member} />
          ) : open?.invitation ? (
            <InvitationPanel invitation={open.invitation} />
          ) : null
        }
      />
    </Stack>
  );
}
