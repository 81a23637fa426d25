import { Outlet } from 'react-router-dom';
import { BannerArea } from './BannerArea';
import { LoadingBar } from './loading';
import { useSessionLifecycle } from './session-lifecycle';

/** The root route: session lifecycle, the loading bar and the banner area around every screen. */
export function AppRoot() {
  useSessionLifecycle();
  return (
    <>
      <LoadingBar />
      <BannerArea />
      <Outlet />
    </>
  );
}
