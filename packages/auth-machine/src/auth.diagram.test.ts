import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DIAGRAM_END,
  DIAGRAM_START,
  diagramBlock,
  eventLabel,
  guardLabel,
  toMermaid,
  withDiagram,
} from './auth.diagram.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the README statechart', () => {
  it('is the diagram generated from the machine (run `npm run diagram` when this fails)', () => {
    const start = readme.indexOf(DIAGRAM_START);
    const end = readme.indexOf(DIAGRAM_END) + DIAGRAM_END.length;
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, end)).toBe(diagramBlock());
  });

  it('covers every state and names events and guards', () => {
    const text = toMermaid();
    expect(text.startsWith('stateDiagram-v2\n  [*] --> booting')).toBe(true);
    expect(text).toContain('signedOut_signingIn --> authenticated : done: signIn [isOutcome(session)]');
    expect(text).toContain('signedOut_view --> signedOut_view : auth.terms.accept [!hasTermsUser]');
    expect(text).toContain(
      'authenticated_inactivity_waiting --> authenticated_inactivity_checking : after INACTIVITY_CHECK',
    );
    expect(text).toContain('booting --> signedOut : done: restoreSession [else]');
  });

  it('replaces only the block between the markers, and refuses a README without them', () => {
    expect(withDiagram(`a\n${DIAGRAM_START}\nold\n${DIAGRAM_END}\nb`)).toBe(`a\n${diagramBlock()}\nb`);
    expect(() => withDiagram('no markers')).toThrow('README has no statechart markers.');
  });

  it('labels guards and events readably', () => {
    expect(guardLabel('x')).toBe('x');
    expect(guardLabel({ type: 'isOutcome', params: { kind: 'session' } })).toBe('isOutcome(session)');
    expect(guardLabel({ type: 'plain' })).toBe('plain');
    expect(guardLabel(42)).toBe('guard');
    expect(eventLabel('xstate.error.actor.signIn')).toBe('error: signIn');
  });
});
