import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { ImportDialog } from './import-dialog';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const job = {
  id: 12,
  kind: 'hosts',
  module: 'assets',
  status: 'queued',
  partial: false,
  file_name: 'hosts.txt',
  file_size: 20,
  progress: 0,
  counts: { read: 0, added: 0, updated: 0, rejected: 0 },
  error: null,
  attempts: 0,
  is_demo: false,
  created_at: '2026-12-01T09:30:00.000Z',
  rejects: [],
  log: [],
};

/** A kind as GET /imports/kinds describes it (its messages are its module's, as the server names them). */
function kindOf(
  kind: string,
  module: string,
  more: Partial<Schemas['ImportKindInfo']> = {},
): Schemas['ImportKindInfo'] {
  return {
    kind,
    module,
    platform: false,
    label_key: `${module}.importers.${kind}.label`,
    format_key: `${module}.importers.${kind}.format`,
    extensions: ['.txt'],
    media_types: ['text/plain'],
    archives: false,
    max_bytes: 200 * 1024 * 1024,
    ...more,
  };
}

/** The server's registry as a member of a company sees it: assets kinds, one credentials kind. */
const kinds = {
  data: [
    kindOf('hosts', 'assets'),
    kindOf('nmap', 'assets', { extensions: ['.xml'], media_types: ['application/xml'] }),
    kindOf('infostealer', 'credentials', { archives: true }),
  ],
};

/** A picked file as a browser gives it (happy-dom's File has no webkitRelativePath). */
function hostsFile(): File {
  const file = new File(['shop.acme.test\n'], 'hosts.txt', { type: 'text/plain' });
  Object.defineProperty(file, 'webkitRelativePath', { value: '' });
  return file;
}

describe('the import dialog', { timeout: 15_000 }, () => {
  it('asks whose inventory the assets go to when given suppliers, and sends it as supplier_id', async () => {
    const { writes } = renderWithListApi(
      <ImportDialog module="assets" suppliers={[{ id: 3, name: 'Parcel Express' }]} />,
      { i18n, answers: { '/imports/kinds': kinds, 'POST /imports': { data: job }, '/imports/12': { data: job } } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    expect(within(dialog).getByRole('option', { name: 'Host list: subfinder / amass (text)' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'nmap / masscan (XML, -oX)' })).toBeTruthy();
    const file = hostsFile();
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
    const upload = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Upload and import' });
    expect(upload.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Supplier' }), { target: { value: '3' } });
    expect(upload.disabled).toBe(false);
    fireEvent.click(upload);
    await waitFor(() => expect(writes).toHaveLength(1));
    const [write] = writes;
    expect(write?.path).toBe('/imports');
    expect(Object.fromEntries(write?.query ?? [])).toEqual({ kind: 'hosts', file_name: 'hosts.txt', supplier_id: '3' });
  });

  it('sends no supplier for the company’s own inventory', async () => {
    const { writes } = renderWithListApi(<ImportDialog module="assets" />, {
      i18n,
      answers: { '/imports/kinds': kinds, 'POST /imports': { data: job }, '/imports/12': { data: job } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    expect(within(dialog).queryByRole('combobox', { name: 'Supplier' })).toBeNull();
    const file = hostsFile();
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.query.get('supplier_id')).toBeNull();
  });

  it('lists the recent imports of the chosen format: done, partial and failed told apart, a failure with its reason', async () => {
    const done = {
      ...job,
      id: 1,
      status: 'succeeded',
      file_name: 'all.txt',
      counts: { read: 3, added: 3, updated: 0, rejected: 0 },
    };
    const partial = {
      ...done,
      id: 2,
      file_name: 'some.txt',
      partial: true,
      counts: { read: 3, added: 2, updated: 0, rejected: 1 },
    };
    const failed = {
      ...done,
      id: 3,
      status: 'failed',
      file_name: 'none.txt',
      counts: { read: 2, added: 0, updated: 0, rejected: 2 },
      error: 'Nothing was kept: all 2 records were rejected.',
    };
    const { expectRequest } = renderWithListApi(<ImportDialog module="assets" />, {
      i18n,
      answers: {
        '/imports/kinds': { data: [kindOf('hosts', 'assets')] },
        'GET /imports': { data: [failed, partial, done], meta: { page: 1, page_size: 5, total: 3 } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    await expectRequest('/imports', { kind: 'hosts', page_size: '5' });
    const list = await within(dialog).findByTestId('recent-imports');
    await waitFor(() => expect(within(list).getAllByTestId('recent-import-status')).toHaveLength(3));
    expect(
      within(list)
        .getAllByTestId('recent-import-status')
        .map((badge) => badge.textContent),
    ).toEqual(['Failed', 'Done, partial', 'Done']);
    expect(within(list).getByText('Nothing was kept: all 2 records were rejected.')).toBeTruthy();
  });

  it('offers a kind the server registered without any web edit, named by its key or, untranslated, its id', async () => {
    const served = { data: [...kinds.data, kindOf('pcap-summary', 'assets', { archives: true })] };
    const { writes } = renderWithListApi(<ImportDialog module="assets" />, {
      i18n,
      answers: { '/imports/kinds': served, 'POST /imports': { data: job }, '/imports/12': { data: job } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Host list: subfinder / amass (text)', 'nmap / masscan (XML, -oX)', 'pcap-summary']);
    expect(within(dialog).queryByLabelText('…or a folder')).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'pcap-summary' } });
    expect(within(dialog).getByLabelText('…or a folder')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [hostsFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.query.get('kind')).toBe('pcap-summary');
  });

  it('shows no button for a module the server lists no kind of (a platform kind withheld from a member)', async () => {
    renderWithListApi(
      <>
        <ImportDialog module="cves" />
        <ImportDialog module="credentials" />
      </>,
      { i18n, answers: { '/imports/kinds': kinds } },
    );
    expect(await screen.findAllByRole('button', { name: 'Import' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Infostealer logs (RedLine, META, Vidar, StealC…)']);
    expect(within(dialog).getByLabelText('…or a folder')).toBeTruthy();
  });
});
