/**
 * The floor plan as rules (docs/architecture.md, "The client floor plan"). `npm test` runs them:
 * a change that breaks one fails the suite.
 *
 * Client layers, top to bottom: routes → app → features → pwa → ui → api → session, local, lib.
 * An import points down, or sideways within its own folder. A feature reaches another feature only
 * through its public surface: queries.ts, mutations.ts, its components (PascalCase .tsx) and the
 * modules it lists in FEATURE_PUBLIC below. A server module's repo is its own: other modules read
 * its data through its service.
 */
const C = '^src/client/';
const notTest = '\\.test\\.tsx?$';

/** Modules of a feature that other features may import besides queries, mutations and components. */
const FEATURE_PUBLIC = [
  // an after-sale's reason in the reader's language, on the desktop's and the phone's after-sale pages
  'aftersale/reason\\.tsx',
  'cart/cart\\.css',
  'company/quote-badge\\.(ts|css)',
  'currency/currency-store\\.ts',
  // an enquiry's state and moments in the reader's language, on the desktop's and the phone's enquiry pages
  'enquiry/enquiry-text\\.ts',
  'home/ad-choice\\.ts',
  'im/(chat-rules|chat-store|connection-state|open-chat)\\.ts',
  // the message assistant's notices in Vietnamese: the chat cards (enquiry/ChatCards.tsx) and the phone's conversation list
  'im/notice-text\\.ts',
  'im/chat\\.css',
  'membership/membership\\.css',
  'mobile/counterparts\\.ts',
  // the operator's XLSX download (operation/export.ts) serves every operator list, the money lists of cash-pledge and paid-service too
  'operation/(list-payload\\.ts|operation\\.css|export\\.ts)',
  'orders/(checkout-draft|order-search)\\.ts',
  'orders/orders\\.css',
  'search/(result-view|search-params)\\.ts',
  'search/search-extras\\.css',
  'seller-apply/seller-apply\\.css',
  'session/actions\\.ts',
  'stock/stock\\.css',
  'storefront/site-meta\\.ts',
  'upload/image-file\\.ts',
  'vin/search-params\\.ts',
].map((p) => `${C}features/${p}$`);

const layer = (name, from, mayNotReach) => ({
  name,
  severity: 'error',
  comment: `${from} may not import ${mayNotReach.join(', ')} (the client's layers point down)`,
  from: { path: `${C}${from}/`, pathNot: notTest },
  to: { path: `${C}(${mayNotReach.join('|')})/` },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import circles', from: {}, to: { circular: true } },
    layer('app-not-routes', 'app', ['routes']),
    layer('features-not-shell', 'features', ['routes', 'app']),
    layer('pwa-below-features', 'pwa', ['routes', 'app', 'features']),
    layer('ui-is-widgets', 'ui', ['routes', 'app', 'features', 'pwa']),
    layer('api-below-ui', 'api', ['routes', 'app', 'features', 'pwa', 'ui']),
    layer('session-at-the-bottom', 'session', ['routes', 'app', 'features', 'pwa', 'ui', 'api', 'local', 'lib']),
    layer('local-at-the-bottom', 'local', ['routes', 'app', 'features', 'pwa', 'ui', 'api', 'session']),
    layer('lib-at-the-bottom', 'lib', ['routes', 'app', 'features', 'pwa', 'ui', 'api', 'session', 'local']),
    layer('i18n-at-the-bottom', 'i18n', ['routes', 'app', 'features', 'pwa', 'ui', 'api', 'session', 'local', 'lib']),
    {
      name: 'feature-internals',
      severity: 'error',
      comment: "a feature imports another feature's queries, mutations, components or declared public modules only",
      from: { path: `${C}features/([^/]+)/`, pathNot: notTest },
      to: {
        path: `${C}features/`,
        pathNot: [
          `${C}features/$1/`,
          `${C}features/.+/(queries|mutations)\\.ts$`,
          `${C}features/.+/[A-Z][^/]*\\.tsx$`,
          ...FEATURE_PUBLIC,
        ],
      },
    },
    {
      name: 'client-server-apart',
      severity: 'error',
      comment: 'the client and the server share only src/shared',
      from: { path: '^src/(client|shared)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-is-shared',
      severity: 'error',
      comment: 'src/shared is imported by client and server and imports neither',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'module-repo-is-its-own',
      severity: 'error',
      comment: "a server module reads another module's data through that module's service, never its repo",
      from: { path: '^src/server/modules/([^/]+)/', pathNot: notTest },
      to: { path: '^src/server/modules/[^/]+/.*\\.repo\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'repo-only-from-its-module',
      severity: 'error',
      comment: "outside src/server/modules a module's repo is reached through its service",
      from: { path: '^src/server/', pathNot: ['^src/server/modules/', notTest] },
      to: { path: '^src/server/modules/.*\\.repo\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
