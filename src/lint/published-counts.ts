/** One error rule and the published server releases that break it. */
export interface PublishedCount {
  profile: string
  rule: string
  releases: string[]
}

/**
 * What the published server releases this repository installs break, per model and host profile
 * error rule: measured by test/lint/model-profiles.test.ts, which fails when this differs from a
 * fresh measurement, and rendered into docs/profiles.md. Why kept in src: the docs are generated
 * from src, and a figure in them must be one a test measured.
 */
export const PUBLISHED_COUNTS: { servers: string[]; rules: PublishedCount[] } = {
  servers: [],
  rules: [],
}
