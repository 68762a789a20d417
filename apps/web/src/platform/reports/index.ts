// Reports: the /report screen (ask for a PDF of a period, its history, the monthly e-mail) and the
// print view the server's headless browser turns into that PDF; composed by src/app/.
export { ReportPrintView } from './components/report-print';
export { type ReportRole, ReportScreen } from './components/report-screen';
