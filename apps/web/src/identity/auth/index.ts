// The auth feature's public surface: app/ composes these; nothing else reaches inside.
export { useAuthActorRef, useAuthSelector } from './auth-actor';
export { AuthProvider, type AuthProviderProps, hasPersistedSession } from './components/auth-provider';
export { RequireAuth } from './components/require-auth';
export { SessionLanguageSelect } from './components/session-language-select';
export { useOpenInCompany } from './hooks/use-open-in-company';
export { type SessionStatus, useCompanies, useSession } from './hooks/use-session';
