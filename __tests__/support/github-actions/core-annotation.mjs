// Prints the workflow command @actions/core writes for one annotation: argv[2]
// is JSON { level, message, properties }.
import * as core from '@actions/core';
const { level, message, properties } = JSON.parse(process.argv[2]);
core[level](message, properties);
