export { Button, IconButton, focusRing } from './button';
export type { ButtonProps, IconButtonProps, ButtonVariant, ButtonSize } from './button';
export { Card, Panel } from './card';
export type { CardProps } from './card';
export { PageHeader } from './page-header';
export { Placeholder } from './placeholder';
export { Spinner } from './spinner';
export { TextField, inputClass } from './text-field';
export { CompactField } from './compact-field';
export type { CompactFieldProps } from './compact-field';
export { Logo } from './logo';
export { cx } from './cx';
export { Badge, StatusBadge, statusTone, badgeTones } from './badge';
export type { BadgeTone } from './badge';
export { Banner, FloatingBanner, MessageOverlay, useTimedMessage } from './banner';
export type { BannerMessage, BannerTone } from './banner';
export { Modal } from './modal';
export { ConfirmDeleteModal } from './confirm-delete-modal';
export type { ConfirmDeleteModalProps } from './confirm-delete-modal';
export { ExportMenu } from './export-menu';
export type { ExportMenuItem } from './export-menu';
export type { ModalProps } from './modal';
export { SidePanel } from './side-panel';
export { ViewPanelFooter, FormPanelFooter } from './panel-footers';
export type { FormPanelFooterProps } from './panel-footers';
export { usePanel, SIDE_PANEL_CLOSE_MS } from './use-panel';
export type { PanelState } from './use-panel';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './search-box';
export type { SearchBoxProps } from './search-box';
export { Toolbar } from './toolbar';
export { StatusFilter, activeStatusOptions } from './status-filter';
export type { StatusFilterProps } from './status-filter';
export { FailedRow, TableCount } from './table-states';
export { Detail } from './detail';
export type { SidePanelProps } from './side-panel';
export { Pager, pageWindow, pageCount, shownRange } from './pager';
export type { PageItem, PagerProps } from './pager';
export {
  TableFrame,
  Th,
  SortableHeader,
  SkeletonRows,
  EmptyState,
  checkboxClass,
  theadClass,
  thClass,
  tdClass,
  rowClass,
} from './data-table';
export type { SortOrder, SortableHeaderProps } from './data-table';
export { DataTable, viewEditDeleteColumn } from './list-table';
export type { Column, DataTableProps } from './list-table';
export type { ListCard } from './list-cards';
export { RowMenu } from './row-menu';
export type { RowMenuItem } from './row-menu-item';
export { SelectAllHeader, SelectCell, ActionsCell, ViewEditDeleteCell } from './row-cells';
export type { SelectAllHeaderProps, SelectCellProps, ViewEditDeleteCellProps } from './row-cells';
export { Thumbnail } from './thumbnail';
export type { ThumbnailProps } from './thumbnail';
export { Lightbox } from './lightbox';
export { SelectField, selectClass } from './select-field';
export type { SelectOption, SelectFieldProps } from './select-field';
export { FieldError } from './field-error';
export { TextAreaField, Toggle } from './form-controls';
export type { TextAreaFieldProps, ToggleProps } from './form-controls';
export { DialogShell, DialogTitle } from './dialog-shell';
export type { DialogShellProps } from './dialog-shell';
export { useMediaQuery, NARROW_QUERY } from './use-media-query';
