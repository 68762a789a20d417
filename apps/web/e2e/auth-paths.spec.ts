import { INACTIVITY_TIMER_EVENT, type ServerReply } from '@vigil/auth-machine';
import { arrangeStorage } from './qa/arrange.ts';
import { coverageReport, recordReached } from './qa/coverage.ts';
import { entryUrl, eventActions, followsByItself } from './qa/events.ts';
import { FakeApi } from './qa/fake-api.ts';
import { type PlannedPath, plannedPaths, planSteps } from './qa/model.ts';
import { pendingPaths, STRICT_COVERAGE } from './qa/pending.ts';
import { realizations } from './qa/realizations.ts';
import type { ReplayContext } from './qa/replay-context.ts';
import { checkMessages, stateChecks } from './qa/states.ts';
import { expect, keepTrafficLocal, test } from './support/fixtures.ts';

// Issue 6: the sign-in and session tests are GENERATED from the auth machine's graph. Each path of
// getAuthPaths() replays in Chromium: its user events through the page (qa/events.ts), its server
// answers and storage through interception and init scripts (qa/fake-api.ts, qa/arrange.ts), and
// after every step the page must show the step's state (qa/states.ts) and its messages. Steps that
// pass are recorded; the last test prints the coverage table and fails on anything not reached.

test.use({ actionTimeout: 5_000 });
test.describe.configure({ timeout: 30_000 });

/** A navigation to Microsoft that fails: its answer names a URL the app refuses to leave for. */
function withLeavingFailure(path: PlannedPath, reply: ServerReply): ServerReply {
  const fails = path.steps.some(
    (s, i) => s.event.type === 'auth.navigation.failed' && path.steps[i - 1]?.states.includes('auth.signedOut.leaving'),
  );
  if (!fails || !reply.operation.startsWith('startMicrosoft') || reply.status !== 200) return reply;
  return { ...reply, body: { ...(reply.body as object), url: 'ftp://login.example/authorize' } };
}

for (const planned of plannedPaths()) {
  const pending = pendingPaths.find((p) => p.match.test(planned.title));
  const realization = realizations.find((r) => r.match.test(planned.title));
  const path: PlannedPath = realization
    ? { ...planned, title: `${planned.title} (realized: ${realization.why})`, steps: planSteps(realization.steps) }
    : planned;
  test(path.title, async ({ page }) => {
    test.fixme(pending !== undefined, pending?.reason);
    await realization?.arrange?.(page);
    const api = new FakeApi();
    await api.install(page);
    // The paths that leave for Microsoft check the page as it left (the fake answer names Microsoft).
    await keepTrafficLocal(page);
    await page.clock.install();
    const [first] = path.steps;
    const logoutFails = path.steps.some((s) => s.event.type === 'xstate.error.actor.logout');
    await arrangeStorage(page, first?.condition?.given.storage ?? {}, logoutFails ? 'removeItem' : 'getItem');
    const held = path.steps.map((s) =>
      s.condition?.given.reply ? api.script(withLeavingFailure(path, s.condition.given.reply)) : null,
    );

    for (const step of path.steps) {
      const ctx: ReplayContext = { page, api, path, step, callsBefore: api.calls.length };
      const type = String(step.event.type);
      await test.step(`${step.index + 1}. ${type}${step.condition ? ` (${step.condition.label})` : ''}`, async () => {
        const scripted = held[step.index];
        if (step.index === 0) {
          // The app starts in `booting` (its first state, before any event): the page has loaded.
          await page.goto(entryUrl(path));
          await stateChecks['auth.booting']?.(ctx);
          recordReached({ path: path.title, states: ['auth.booting'], transitions: [] });
        } else if (scripted) {
          await Promise.race([
            scripted.arrived,
            new Promise((_, fail) =>
              setTimeout(() => fail(new Error(`the page did not call ${scripted.reply.operation} within 5 s`)), 5_000),
            ),
          ]);
          scripted.release();
        } else if (!type.startsWith('xstate.') || type === INACTIVITY_TIMER_EVENT.type) {
          const action = eventActions[type];
          if (!action) throw new Error(`No mapping for event ${type}: add it to e2e/qa/events.ts`);
          await action(ctx);
        }
        // The next event follows by itself (sent on load, or an arranged failure): this state is transient.
        const passed = followsByItself.has(String(path.steps[step.index + 1]?.event.type));
        for (const state of passed ? [] : step.states) {
          const check = stateChecks[state];
          if (!check) throw new Error(`No page check for state ${state}: add it to e2e/qa/states.ts`);
          await check(ctx);
        }
        if (!passed) await checkMessages(ctx);
        recordReached({ path: path.title, states: step.states, transitions: step.transitions });
      });
    }
  });
}

test('coverage: every state and transition of the auth machine reached in the browser', async () => {
  const report = coverageReport();
  console.log(report.table);
  test.info().annotations.push({
    type: 'coverage',
    description: `states ${report.states.reached}/${report.states.total}, transitions ${report.transitions.reached}/${report.transitions.total}`,
  });
  if (!STRICT_COVERAGE) {
    test.info().annotations.push({ type: 'not yet strict', description: 'see e2e/qa/pending.ts' });
    return;
  }
  expect(report.states.missing, 'states not reached in the browser').toEqual([]);
  expect(report.transitions.missing, 'transitions not reached in the browser').toEqual([]);
});
