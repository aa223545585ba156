// The third stage: the router, the query cache and the API client (their own chunk), then a new task.
// Importing the stage before it makes this chunk wait for that one, instead of evaluating in the same
// task as its sibling.
import '@tanstack/react-router';
import '@tanstack/react-query';
import './after-mantine.ts';
import { nextTask } from './next-task.ts';

await nextTask();
