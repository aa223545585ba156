// The third stage: the router, the query cache and the API client (their own chunk), then a new task.
import '@tanstack/react-router';
import '@tanstack/react-query';
import { nextTask } from './next-task.ts';

await nextTask();
