// The second stage: Mantine's components that the first screens use (their own chunk), then a new task.
import '@mantine/core';
import './after-react.ts';
import { nextTask } from './next-task.ts';

await nextTask();
