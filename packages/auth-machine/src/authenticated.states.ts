import { assertEvent, assign } from 'xstate';
import { authSetup } from './auth.setup.js';
import { busy, endSession, signedInFailure, userOf } from './auth.transitions.js';

/** Signed in: the inactivity check runs beside the company, client and language calls. */
export const authenticatedState = authSetup.createStateConfig({
  type: 'parallel',
  tags: ['authenticated'],
  on: {
    'auth.logout': 'loggingOut',
    // A Microsoft callback replaces the session: its handler clears the old tokens first (spec §4).
    'auth.microsoft.callback': { target: '#auth.signedOut.handlingMicrosoftCallback', actions: 'resetSession' },
    'auth.unauthorized': { target: 'signedOut', actions: endSession },
    'auth.navigation.failed': [
      { guard: 'failedAwayFromHome', actions: 'navigateHome' },
      { actions: { type: 'logError', params: { message: 'Navigation to / failed.' } } },
    ],
  },
  states: {
    inactivity: {
      initial: 'waiting',
      states: {
        waiting: { after: { INACTIVITY_CHECK: 'checking' } },
        checking: {
          invoke: {
            id: 'checkUser',
            src: 'checkUser',
            onDone: 'waiting',
            onError: [
              { guard: 'isUnauthorized', target: '#auth.signedOut', actions: endSession },
              { target: 'waiting' },
            ],
          },
        },
      },
    },
    activity: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'auth.clients.load': 'loadingClients',
            'auth.company.switch': 'switchingCompany',
            'auth.language.switch': 'switchingLanguage',
          },
        },
        loadingClients: {
          ...busy,
          invoke: {
            id: 'listClients',
            src: 'listClients',
            onDone: { target: 'idle', actions: assign({ clients: ({ event }) => event.output }) },
            onError: signedInFailure,
          },
        },
        switchingCompany: {
          ...busy,
          invoke: {
            id: 'switchClient',
            src: 'switchClient',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.company.switch');
              return { company: event.company, user: userOf(context) };
            },
            onDone: { target: 'idle', actions: assign({ user: ({ event }) => event.output }) },
            onError: signedInFailure,
          },
        },
        switchingLanguage: {
          ...busy,
          invoke: {
            id: 'switchLanguage',
            src: 'switchLanguage',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.language.switch');
              return { language: event.language, user: userOf(context) };
            },
            onDone: {
              target: 'idle',
              actions: [assign({ user: ({ event }) => event.output }), 'announceLanguage'],
            },
            onError: signedInFailure,
          },
        },
      },
    },
  },
});
