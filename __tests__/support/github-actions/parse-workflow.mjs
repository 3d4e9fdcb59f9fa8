// Reads a workflow file's text on stdin; prints the errors GitHub's own parser
// (@actions/workflow-parser, from actions/languageservices) finds, as JSON.
import { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } from '@actions/workflow-parser';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const result = parseWorkflow({ name: 'workflow.yml', content: Buffer.concat(chunks).toString('utf8') }, new NoOperationTraceWriter());
let jobs = 0;
if (result.value !== undefined) jobs = (await convertWorkflowTemplate(result.context, result.value)).jobs?.length ?? 0;
console.log(JSON.stringify({ errors: result.context.errors.getErrors().map((e) => e.message), jobs }));
