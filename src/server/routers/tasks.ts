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
import {
  ZChecklist,
  ZChecklistInput,
  ZPayRates,
  ZPayRatesInput,
  ZProblem,
  ZProblemInput,
  ZProblemList,
  ZProblemListInput,
  ZResolveInput,
  ZTaskChecklist,
  ZTaskDetail,
  ZTickInput,
} from '#shared/schemas/housekeeping.ts';
import { ZIdParam } from '#shared/schemas/common.ts';
import { IMAGE_BODY, rest } from '../route-meta.ts';
import { getChecklist, setChecklist, taskDetail, tickItem } from '../services/housekeeping/checklists.ts';
import { getPayRates, setPayRates } from '../services/housekeeping/pay.ts';
import { listOpenProblems, reportProblem, resolveProblem } from '../services/housekeeping/problems.ts';
import {
  listHousekeeperDefaults,
  listTasks,
  setHomeHousekeeper,
  updateTask,
} from '../services/housekeeping/tasks.ts';
import {
  adminProcedure,
  housekeepingProcedure,
  operatorProcedure,
  router,
  scopedInput,
  idInput,
} from '../trpc.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  list: rest.get(
    '/admin/tasks',
    "Turnover tasks by due day (today and the next 6 by default), with each home's next check-in; a housekeeper sees their own",
    "The cleaning and turnover tasks due each day between stays, today and the next six days unless other dates are asked, with each home's next check-in. A housekeeper sees only their own.",
  ),
  update: rest.patch(
    '/admin/tasks/{id}',
    'Start a task, mark it done with a note and photos, report a problem, or (back office) assign it',
    'Moves a task on: start it, finish it with a note and photos, or report a problem. The back office may also assign it to a housekeeper.',
  ),
  setHousekeeper: rest.put(
    '/admin/properties/{id}/housekeeper',
    "Set or clear the housekeeper who gets a home's new turnover tasks",
    "Sets the housekeeper who is given this home's new turnover tasks, or clears it.",
  ),
  housekeepers: rest.get(
    '/admin/housekeepers',
    "The homes that have a default housekeeper, who gets each one's new turnover tasks",
    'Each home that has a default housekeeper, with who it is.',
  ),
  byId: rest.get(
    '/admin/tasks/{id}',
    'One turnover task with its checklist (and what is ticked) and its problem reports',
    "A turnover task with its checklist: the home's current one until the task starts, then the copy it started with. A housekeeper sees only their own or unassigned tasks of their homes.",
  ),
  tick: rest.put(
    '/admin/tasks/{id}/checklist/{key}',
    "Tick or untick one item of a task's checklist; the first tick starts the task",
    "Ticks or unticks one checklist item, saved at once. The first tick gives the task its own copy of the home's checklist and starts it.",
  ),
  reportProblem: rest.post(
    '/admin/tasks/{id}/problems',
    'Report a problem found during a turnover (with a severity and an optional photo)',
    "Files a problem on a turnover; the operator's notification address is e-mailed and it shows on the dashboard until it is resolved.",
  ),
  problems: rest.get(
    '/admin/problems',
    'The open problem reports of the turnovers, newest first',
    'Problems housekeepers reported that are not resolved yet, with the home, task and reporter.',
  ),
  resolveProblem: rest.post(
    '/admin/problems/{id}/resolve',
    'Resolve a problem report, with an optional note',
    'Marks a problem report resolved; it leaves the dashboard. A resolved one answers 409.',
  ),
  checklist: rest.get(
    '/admin/properties/{id}/checklist',
    "A home's turnover checklist: rooms and their items, in order",
    "The rooms and items a housekeeper ticks at each of this home's turnovers.",
  ),
  setChecklist: rest.put(
    '/admin/properties/{id}/checklist',
    "Replace a home's turnover checklist (at most 20 rooms, 40 items a room, 200 items)",
    'Saves the rooms and items in the order given; items sent with their key keep it, new ones get one. Tasks already started keep their own copy.',
  ),
  payRates: rest.get(
    '/admin/staff/{id}/pay',
    "A housekeeper's pay per task, and per home where it differs (owner-operator)",
    'What a housekeeper earns per completed task: a default rate and any per-home rates.',
  ),
  setPayRates: rest.put(
    '/admin/staff/{id}/pay',
    "Set a housekeeper's pay per task and per-home rates (owner-operator)",
    "Replaces a housekeeper's default rate per task and their per-home rates (homes given to them). Tasks already done keep the pay they recorded.",
  ),
};

/** Turnover tasks (docs/staff.md#housekeeping): the back office and housekeepers. */
export const tasksRouter = router({
  list: housekeepingProcedure
    .meta(routes.list)
    .concat(scopedInput(ZTaskListInput, { propertyId: 'property' }))
    .output(ZTaskList)
    .query(({ ctx, input }) => listTasks(ctx.em, input, ctx.staff, ctx.actingUser.id)),

  update: housekeepingProcedure
    .meta({
      ...routes.update,
      bodyLimit: TASK_PHOTOS_MAX * IMAGE_BODY,
    })
    .concat(scopedInput(ZTaskUpdateInput, { id: 'task', assigneeId: 'user' }))
    .output(ZTask)
    .mutation(({ ctx, input }) => updateTask(ctx.em, ctx.deps.media, input, ctx.staff, ctx.actingUser)),

  setHousekeeper: adminProcedure
    .meta(routes.setHousekeeper)
    .concat(scopedInput(ZHomeHousekeeperInput, { id: 'property', userId: 'user' }))
    .output(ZHomeHousekeeper)
    .mutation(({ ctx, input }) => setHomeHousekeeper(ctx.em, input.id, input.userId, ctx.actingUser)),

  housekeepers: adminProcedure
    .meta(routes.housekeepers)
    .concat(scopedInput(ZHousekeeperDefaultsInput, 'list'))
    .output(ZHousekeeperDefaults)
    .query(({ ctx, input }) => listHousekeeperDefaults(ctx.em, input, ctx.staff)),

  byId: housekeepingProcedure
    .meta(routes.byId)
    .concat(idInput('task'))
    .output(ZTaskDetail)
    .query(({ ctx, input }) => taskDetail(ctx.em, input.id, ctx.staff, ctx.actingUser.id)),

  tick: housekeepingProcedure
    .meta(routes.tick)
    .concat(scopedInput(ZTickInput, { id: 'task' }))
    .output(ZTaskChecklist)
    .mutation(({ ctx, input }) => tickItem(ctx.em, input, ctx.staff, ctx.actingUser)),

  reportProblem: housekeepingProcedure
    .meta({
      ...routes.reportProblem,
      bodyLimit: IMAGE_BODY,
    })
    .concat(scopedInput(ZProblemInput, { id: 'task' }))
    .output(ZProblem)
    .mutation(({ ctx, input }) => reportProblem(ctx.em, ctx.deps.media, input, ctx.staff, ctx.actingUser)),

  problems: adminProcedure
    .meta(routes.problems)
    .concat(scopedInput(ZProblemListInput, 'list'))
    .output(ZProblemList)
    .query(({ ctx, input }) => listOpenProblems(ctx.em, input, ctx.staff)),

  resolveProblem: adminProcedure
    .meta(routes.resolveProblem)
    .concat(scopedInput(ZResolveInput, { id: 'problem' }))
    .output(ZProblem)
    .mutation(({ ctx, input }) => resolveProblem(ctx.em, input, ctx.actingUser)),

  checklist: adminProcedure
    .meta(routes.checklist)
    .concat(idInput('property'))
    .output(ZChecklist)
    .query(({ ctx, input }) => getChecklist(ctx.em, input.id)),

  setChecklist: adminProcedure
    .meta(routes.setChecklist)
    .concat(scopedInput(ZChecklistInput, { id: 'property' }))
    .output(ZChecklist)
    .mutation(({ ctx, input }) => setChecklist(ctx.em, input, ctx.actingUser)),

  payRates: operatorProcedure
    .meta(routes.payRates)
    .input(ZIdParam)
    .output(ZPayRates)
    .query(({ ctx, input }) => getPayRates(ctx.em, input.id)),

  setPayRates: operatorProcedure
    .meta(routes.setPayRates)
    .input(ZPayRatesInput)
    .output(ZPayRates)
    .mutation(({ ctx, input }) => setPayRates(ctx.em, input, ctx.actingUser)),
});
