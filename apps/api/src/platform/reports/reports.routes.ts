// /reports and /report-schedule: the company's report history, asking for one, its PDF, deleting
// it, and the monthly schedule; `/reports/{id}/data` is the print view's, opened by a print token
// instead of a session (the renderer's browser has none).
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { reportData } from './reports.data.js';
import { companyName, consumePrintToken, deleteReport, findPdf, listReports, userName } from './reports.repository.js';
import { createReport, reportOut, scheduleOf, updateSchedule } from './reports.service.js';

const notFound = () => new ServiceError('not_found', 'Report not found.');

export function reportsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listReports: {
      handler: async (request) => {
        const scope = requireScope(authOf(request).scope);
        const rows = await listReports(ctx.db, scope, queryOf('listReports', request).limit ?? 50);
        return { data: rows.map(reportOut) };
      },
    },
    createReport: {
      handler: async (request, reply) => {
        const scope = requireScope(authOf(request).scope);
        reply.code(201);
        return createReport(ctx, scope, bodyOf('createReport', request));
      },
    },
    deleteReport: {
      handler: async (request) => {
        const scope = requireScope(authOf(request).scope);
        if (!(await deleteReport(ctx.db, scope, paramsOf('deleteReport', request).id))) throw notFound();
        return { message: 'Report deleted.' };
      },
    },
    downloadReport: {
      handler: async (request, reply) => {
        const scope = requireScope(authOf(request).scope);
        const { id } = paramsOf('downloadReport', request);
        const found = await findPdf(ctx.db, scope, id);
        if (!found?.pdf) throw notFound();
        const name = `vigil-report-${id}-${found.period_from.toISOString().slice(0, 10)}-${found.period_to.toISOString().slice(0, 10)}.pdf`;
        reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(Buffer.from(found.pdf));
      },
    },
    getReportData: {
      handler: async (request) => {
        const { id } = paramsOf('getReportData', request);
        const token = String(request.headers['x-report-token'] ?? '');
        const report = await consumePrintToken(ctx.db, id, token, ctx.clock.now());
        if (!report) throw notFound();
        const [company, requester] = await Promise.all([
          companyName(ctx.db, report.company_id),
          userName(ctx.db, report.requested_by),
        ]);
        return reportData(ctx, report, requester?.name ?? null, company?.name ?? '');
      },
    },
    getReportSchedule: {
      handler: async (request) => scheduleOf(ctx, requireScope(authOf(request).scope)),
    },
    updateReportSchedule: {
      handler: async (request) =>
        updateSchedule(ctx, requireScope(authOf(request).scope), bodyOf('updateReportSchedule', request)),
    },
  };
}
