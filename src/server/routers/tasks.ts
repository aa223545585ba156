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
import { IMAGE_BODY } from '../route-meta.ts';
import { routes } from './tasks.rest.ts';
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
