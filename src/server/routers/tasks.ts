import {
  TASK_PHOTOS_MAX,
  ZHomeHousekeeper,
  ZHomeHousekeeperInput,
  ZHousekeeperDefaults,
  ZHousekeeperDefaultsInput,
  ZTask,
  ZTaskList,
  ZTaskListInput,
  ZTaskUpdateInput,
} from '#shared/schemas/tasks.ts';
import { IMAGE_BODY } from '../route-meta.ts';
import {
  listHousekeeperDefaults,
  listTasks,
  setHomeHousekeeper,
  updateTask,
} from '../services/housekeeping/tasks.ts';
import { adminProcedure, housekeepingProcedure, router, scopedInput } from '../trpc.ts';

/** Turnover tasks (docs/staff.md#housekeeping): the back office and housekeepers. */
export const tasksRouter = router({
  list: housekeepingProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/tasks',
        tags: ['tasks'],
        summary:
          "Turnover tasks by due day (today and the next 6 by default), with each home's next check-in; a housekeeper sees their own",
      },
    })
    .concat(scopedInput(ZTaskListInput, { propertyId: 'property' }))
    .output(ZTaskList)
    .query(({ ctx, input }) => listTasks(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  update: housekeepingProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/tasks/{id}',
        tags: ['tasks'],
        summary:
          'Start a task, mark it done with a note and photos, report a problem, or (back office) assign it',
      },
      bodyLimit: TASK_PHOTOS_MAX * IMAGE_BODY,
    })
    .concat(scopedInput(ZTaskUpdateInput, { id: 'task', assigneeId: 'user' }))
    .output(ZTask)
    .mutation(({ ctx, input }) => updateTask(ctx.em, ctx.deps.media, input, ctx.staff, ctx.actingUser)),

  setHousekeeper: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/properties/{id}/housekeeper',
        tags: ['tasks'],
        summary: "Set or clear the housekeeper who gets a home's new turnover tasks",
      },
    })
    .concat(scopedInput(ZHomeHousekeeperInput, { id: 'property', userId: 'user' }))
    .output(ZHomeHousekeeper)
    .mutation(({ ctx, input }) => setHomeHousekeeper(ctx.em, input.id, input.userId, ctx.actingUser)),

  housekeepers: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/housekeepers',
        tags: ['tasks'],
        summary: "The homes that have a default housekeeper, who gets each one's new turnover tasks",
      },
    })
    .concat(scopedInput(ZHousekeeperDefaultsInput, 'list'))
    .output(ZHousekeeperDefaults)
    .query(({ ctx, input }) => listHousekeeperDefaults(ctx.em, input, ctx.staff)),
});
