import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { AppToasts } from './app-toasts';
import { persistor, store } from './store';
import { router } from './router';

/** Store, persistence gate (the interface waits for restoration), router and the toast area. */
export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
        <AppToasts />
      </PersistGate>
    </Provider>
  );
}
