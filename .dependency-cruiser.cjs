/**
 * The layer rule: each layer imports only the layers beneath it, and nothing imports in a circle.
 *
 *   cli/   matchers/ ← setup/
 *      report/
 *      config/
 *      lock/           (client configs, the lock over the servers a team uses)
 *      exchange/
 *      pact/
 *      diff/   mock/   consumer/     (consumer/record/ and consumer/verify/ import consumer/, never each other)
 *      lint/
 *   capture/   contract/   cues/
 *      surface/
 *      schema/        (imports nothing else of src/)
 *
 * Checked by `test/architecture/layers.test.ts` on every `npm test`;
 * by hand: `npx depcruise --config .dependency-cruiser.cjs src matchers setup`.
 */

/** A rule that forbids one layer (a folder) to import any of the given paths. */
function beneath(name, from, forbidden, comment) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: forbidden } }
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules must not import each other in a circle; move the shared piece into its own module beneath both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    beneath('schema-stands-alone', '^src/schema/', '^(src/(?!schema/)|matchers/|setup/)', 'src/schema is a self-contained JSON Schema engine: it imports nothing else of src/.'),
    beneath('surface-above-schema-only', '^src/surface/', '^(src/(lock|capture|contract|cues|lint|mock|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/surface may import only src/schema.'),
    beneath('capture-beside-surface', '^src/capture/', '^(src/(lock|contract|cues|lint|mock|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/capture may import only src/surface and src/schema.'),
    beneath('contract-beneath-diff', '^src/contract/', '^(src/(lock|capture|cues|lint|mock|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/contract may import only src/surface and src/schema.'),
    beneath('cues-above-surface', '^src/cues/', '^(src/(lock|capture|contract|lint|mock|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/cues reads texts for security cues; it may import only src/surface and src/schema.'),
    beneath('lint-beneath-diff', '^src/lint/', '^(src/(lock|capture|cues|mock|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/lint judges a surface against client profiles; it may import only src/contract, src/surface and src/schema.'),
    beneath('mock-beside-diff', '^src/mock/', '^(src/(lock|capture|cues|lint|diff|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/mock serves a contract as a server; it may import only src/contract, src/surface and src/schema.'),
    beneath('consumer-beside-diff', '^src/consumer/', '^(src/(lock|capture|mock|config|report|cli|pact|exchange)/|src/index|matchers/|setup/)', 'src/consumer judges what one client uses; it may import only src/diff, src/lint, src/contract, src/surface and src/schema; the CLI and matchers capture a surface and hand it in.'),
    beneath('consumer-record-apart', '^src/consumer/record/', '^src/consumer/verify/', 'src/consumer/record makes consumer contracts; it never imports src/consumer/verify (what both use lives in src/consumer).'),
    beneath('consumer-verify-apart', '^src/consumer/verify/', '^src/consumer/record/', 'src/consumer/verify judges a server against consumer contracts; it never imports src/consumer/record (what both use lives in src/consumer).'),
    beneath('consumer-shared-beneath-parts', '^src/consumer/[^/]+$', '^src/consumer/(record|verify)/', 'src/consumer holds the file and what recording and verifying share; it never imports src/consumer/record or src/consumer/verify.'),
    beneath('pact-above-consumer', '^src/pact/', '^(src/(lock|capture|mock|lint|config|report|cli|exchange)/|src/index|matchers/|setup/)', 'src/pact reads, writes and matches Pact V4 files; it may import only src/consumer, src/diff, src/contract, src/surface and src/schema.'),
    beneath('exchange-above-pact', '^src/exchange/', '^(src/(lock|capture|mock|lint|config|report|cli)/|src/index|matchers/|setup/)', 'src/exchange moves contracts through folders, buckets and URLs; it may import only src/pact, src/consumer, src/diff, src/contract, src/surface and src/schema.'),
    beneath('config-above-diff', '^src/config/', '^(src/(lock|capture|mock|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/config reads the project configuration into policy defaults; it may import src/diff and what is beneath it.'),
    beneath('diff-above-contract', '^src/diff/', '^(src/(lock|capture|mock|config|report|cli|consumer|pact|exchange)/|src/index|matchers/|setup/)', 'src/diff may import only src/cues, src/lint, src/contract, src/surface and src/schema; words belong to src/report.'),
    beneath('lock-above-consumer', '^src/lock/', '^(src/(mock|report|cli)/|src/index|matchers/|setup/)', 'src/lock reads client configs and holds the servers a team uses but does not build; it may import src/capture, src/consumer, src/config and what is beneath them; words belong to src/report.'),
    beneath('report-above-diff', '^src/report/', '^(src/(capture|config|cli)/|src/index|matchers/|setup/)', 'src/report may import only src/diff and the layers beneath it.'),
    beneath('cli-is-a-top-layer', '^src/cli/', '^(src/index|matchers/|setup/)', 'src/cli and matchers/ are two faces of one core; neither imports the other.'),
    beneath('src-imports-no-runner-glue', '^src/', '^(matchers/|setup/)', 'Nothing in src/ imports matchers/ or setup/.'),
    beneath('matchers-beneath-setup', '^matchers/', '^(setup/|src/cli/)', 'matchers/ imports the core (never src/cli) and never setup/.'),
  ],
  options: {
    // Why: a type-only import ties two modules together as surely as a value import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
  },
}
