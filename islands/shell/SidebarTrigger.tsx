import { appIcons, Icon } from "../ui/icons";
import { toggleSidebar, useIsMobile, useSidebarState } from "./sidebar-store";

/** The header's button that collapses the sidebar, or opens the slide-over below 768 px. */
export default function SidebarTrigger({ expanded: serverExpanded }: { expanded: boolean }) {
  const { expanded, mobileOpen } = useSidebarState(serverExpanded);
  const isMobile = useIsMobile();
  return (
    <button
      type="button"
      data-sidebar-trigger
      className="btn btn-ghost btn-square btn-sm"
      aria-controls="app-sidebar"
      aria-expanded={isMobile ? mobileOpen : expanded}
      aria-keyshortcuts="Control+B Meta+B"
      title="Toggle sidebar (Ctrl+B)"
      onClick={toggleSidebar}
    >
      <Icon d={appIcons.panel} />
      <span className="sr-only">Toggle sidebar</span>
    </button>
  );
}
