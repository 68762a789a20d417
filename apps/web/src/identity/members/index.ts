// The members feature's public surface: app/ composes these.
export { AcceptInvitation } from './components/accept-invitation';
export { MembersScreen } from './components/members-screen';
