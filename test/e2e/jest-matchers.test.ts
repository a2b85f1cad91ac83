import { describeMatcherScenarios } from './support/matcher-scenarios.js'

describeMatcherScenarios('jest')
