import { useState } from 'react';
import { bannerImageUrl, bannerMessages, type BannerAd } from '@backoffice/contract';
import {
  Banner,
  Button,
  Lightbox,
  PageHeader,
  Panel,
  usePanel,
  useTimedMessage,
  ConfirmDeleteModal,
  TableCount,
} from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { BannerFormPanel } from './banner-form-panel';
import { BannerViewPanel } from './banner-view-panel';
import { useDeleteBannerMutation, useListBannersQuery } from './banners-api';
import { BannersTable } from './banners-table';
import { BannersToolbar, useBannerFilters } from './banners-toolbar';

/** Success and delete-failure messages disappear after 3 s, as the package messages do (docs/product.md#business-constants). */
const MESSAGE_MS = 3000;

type PanelContent = { kind: 'view'; banner: BannerAd } | { kind: 'form'; banner: BannerAd | null };

/** Banner Ads (docs/product.md#banner-ads): search, status filter, + Add New, the table, View and Add/Edit panels. */
export function BannersPage() {
  const filters = useBannerFilters();
  const list = useListBannersQuery(filters.params, { refetchOnMountOrArgChange: true });
  const banners = list.currentData ?? [];
  const loading = list.currentData === undefined && list.isFetching;
  const message = useTimedMessage(MESSAGE_MS);
  const [enlarged, setEnlarged] = useState<BannerAd | null>(null);
  const [toDelete, setToDelete] = useState<BannerAd | null>(null);
  const [remove, removeState] = useDeleteBannerMutation();
  // A moderator or support sees the banners but not Add New, Edit or Delete (docs/decisions/0033-roles.md).
  const canWrite = useCan('banners.write');

  // A panel keeps its content while it slides out, then goes.
  const { panel, show, close: closePanel } = usePanel<PanelContent>();
  const openForm = (banner: BannerAd | null) => show({ kind: 'form', banner });

  async function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    const result = await remove(target._id);
    setToDelete(null);
    if ('error' in result) {
      message.show('error', bannerMessages.deleteFailed);
      return;
    }
    message.show('success', bannerMessages.deleted);
    if (panel?.banner?._id === target._id) closePanel();
  }

  return (
    <>
      <PageHeader title="Banner Ads" actions={canWrite && <Button onClick={() => openForm(null)}>+ Add New</Button>} />

      <div className="mb-4 space-y-2 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
        {list.isError && !list.isFetching && <Banner message={{ tone: 'error', text: bannerMessages.fetchFailed }} />}
      </div>

      <Panel flush className="overflow-hidden">
        <BannersToolbar filters={filters} />
        {list.isError && !list.currentData ? (
          <div className="flex flex-col items-center gap-3 border-t border-slate-800 px-4 py-14 text-center">
            <p className="text-slate-300">{bannerMessages.fetchFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BannersTable
            banners={banners}
            loading={loading}
            filtered={filters.active}
            onView={(banner) => show({ kind: 'view', banner })}
            onEdit={canWrite ? openForm : undefined}
            onDelete={canWrite ? setToDelete : undefined}
            onEnlarge={setEnlarged}
            onClearFilters={filters.reset}
            onAdd={canWrite ? () => openForm(null) : undefined}
          />
        )}
        {banners.length > 0 && (
          <TableCount>{banners.length === 1 ? '1 banner ad' : `${banners.length} banner ads`}</TableCount>
        )}
      </Panel>

      {panel?.kind === 'view' && (
        <BannerViewPanel
          banner={panel.banner}
          open={panel.open}
          onClose={closePanel}
          onEdit={canWrite ? openForm : undefined}
          onEnlarge={setEnlarged}
        />
      )}
      {panel?.kind === 'form' && (
        <BannerFormPanel
          key={panel.key}
          banner={panel.banner}
          open={panel.open}
          onClose={closePanel}
          onSaved={(_, created) => {
            message.show('success', created ? bannerMessages.created : bannerMessages.updated);
            closePanel();
          }}
        />
      )}
      {toDelete && (
        <ConfirmDeleteModal
          title="Delete banner ad"
          busy={removeState.isLoading}
          onCancel={() => setToDelete(null)}
          onConfirm={confirmDelete}
        >
          <p>{bannerMessages.confirmDelete}</p>
          <p className="font-medium text-slate-100">{toDelete.name}</p>
        </ConfirmDeleteModal>
      )}
      {enlarged && (
        <Lightbox
          src={bannerImageUrl(enlarged.image)}
          alt={`Banner image of ${enlarged.name}`}
          onClose={() => setEnlarged(null)}
        />
      )}
    </>
  );
}
