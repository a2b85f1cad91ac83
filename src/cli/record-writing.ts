// Why one module: `record` loads what writes a contract in one import, once a client is done;
// two imports made the bundler split their shared code into more files, each loaded on its own.
export { mergeConsumerContracts } from '../consumer/record/merge-consumer-contracts.js'
export { writeRecordedContract } from '../consumer/record/write-recorded-contract.js'
