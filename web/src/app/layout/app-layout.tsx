/**
 * The signed-in layout of the seed: header, top navigation, side menu (medium screens and wider; a
 * drawer behind the Menu button on phones), the page, the footer, and the bottom tab bar on phones.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import { SideMenu } from "./side-menu.tsx";
import { BottomTabBar, TopNav } from "./top-nav.tsx";
import { usePageFocus } from "./use-page-focus.ts";
import { useSessionRefresh } from "./use-session-refresh.ts";
import "./layout.css";

export function AppLayout() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const main = useRef<HTMLElement>(null);
  usePageFocus(main);
  useSessionRefresh(pathname);

  // A phone's menu drawer closes once a page is picked.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <TopNav />
      <div className="shell__body">
        <SideMenu open={menuOpen} onClose={closeMenu} />
        {menuOpen && <div className="side-menu-backdrop" aria-hidden="true" onClick={closeMenu} />}
        <main id="main" ref={main} className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <AppFooter />
      <BottomTabBar />
    </div>
  );
}
