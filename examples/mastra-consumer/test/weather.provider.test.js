import { expect, test } from 'vitest'
import { createWeatherServer } from '../src/weather-server.js'

test('the weather server still serves every consumer', async () => {
  await expect(createWeatherServer()).toSatisfyConsumerContracts('contracts/')
})
