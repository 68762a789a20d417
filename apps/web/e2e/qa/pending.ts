/**
 * Paths the page cannot show (yet), each with the reason and what would change it. They are reported
 * as `fixme`, not run. While this list is not empty the coverage check prints the table but does not
 * fail; VIGIL_QA_STRICT=1 makes it fail on anything unreached (the default once the list is empty).
 */
export const pendingPaths: Array<{ match: RegExp; reason: string }> = [
  {
    match: /auth\.signedOut\.view --auth\.terms\.accept#1 \[!acceptsBoth\]/,
    reason:
      'The terms form validates both boxes before it sends anything (zod: "Accept both the terms of use and the ' +
      'privacy policy."), so auth.terms.accept never carries privacy=false from the page: the guard is a ' +
      'defence the UI pre-empts (flows.spec.ts checks the form message instead).',
  },
  {
    match: /auth\.signedOut\.verifyingTwoFactor --xstate\.done\.actor\.verifyTwoFactor#[023] /,
    reason:
      'App gap: when POST /verify-two-factor answers 403 with active_validation_required, email_verified_required ' +
      'or terms_accepted_required, the machine moves to that view but /two-step-verification keeps showing the ' +
      'code entry (TwoFactorScreen renders no step view and nothing navigates to /signin).',
  },
  {
    match: /auth\.authenticated --auth\.navigation\.failed#[01]/,
    reason:
      'Not replayable yet: the only navigation the machine asks for while signed in is the redirect after sign-in, ' +
      'and the sign-in screen renders its own <Navigate> to the same target at the same moment, so a history ' +
      "failure arranged for that URL cannot be attributed to the machine's intent (qa/realizations.ts has the attempt).",
  },
];

export const STRICT_COVERAGE = process.env.VIGIL_QA_STRICT === '1' || pendingPaths.length === 0;
