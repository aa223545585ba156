import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `tasks.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
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
