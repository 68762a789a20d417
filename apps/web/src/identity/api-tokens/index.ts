// API tokens for integrations (issue 37): the member's own in account settings, the company's on
// the user list for its administrators; composed into those pages by src/app/.

export { ApiTokensSection } from './components/api-tokens-section';
