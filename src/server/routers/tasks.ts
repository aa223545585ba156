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
        summary:
          "Turnover tasks by due day (today and the next 6 by default), with each home's next check-in; a housekeeper sees their own",
        description:
          "The cleaning and turnover tasks due each day between stays, today and the next six days unless other dates are asked, with each home's next check-in. A housekeeper sees only their own.",
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
        summary:
          'Start a task, mark it done with a note and photos, report a problem, or (back office) assign it',
        description:
          'Moves a task on: start it, finish it with a note and photos, or report a problem. The back office may also assign it to a housekeeper.',
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
        summary: "Set or clear the housekeeper who gets a home's new turnover tasks",
        description: "Sets the housekeeper who is given this home's new turnover tasks, or clears it.",
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
        summary: "The homes that have a default housekeeper, who gets each one's new turnover tasks",
        description: 'Each home that has a default housekeeper, with who it is.',
      },
    })
    .concat(scopedInput(ZHousekeeperDefaultsInput, 'list'))
    .output(ZHousekeeperDefaults)
    .query(({ ctx, input }) => listHousekeeperDefaults(ctx.em, input, ctx.staff)),
});
