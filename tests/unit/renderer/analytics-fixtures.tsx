import { forwardRef, useImperativeHandle, type ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ChartData, ChartOptions } from 'chart.js';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { IpcResult } from '../../../src/shared/ipc';
import { AppToaster } from '../../../src/renderer/app/toasts';

/** Shared by the analytics-*.test.tsx files. */
configure({ asyncUtilTimeout: 5000 });

/** A real 1×1 PNG, what the mocked chart hands out as its image. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface DrawnChart {
  type: string;
  data: ChartData;
  options: ChartOptions;
}
/** The props each chart was last drawn with, by its accessible name (the chart's title). */
export const drawn = new Map<string, DrawnChart>();

/**
 * jsdom has no canvas: the test files replace react-chartjs-2's Chart with this one (vi.mock), which
 * records what it was asked to draw and hands out a PNG as Chart.js's toBase64Image would.
 */
export const MockChart = forwardRef(function MockChart(
  props: { type: string; data: ChartData; options: ChartOptions; 'aria-label'?: string },
  ref: React.ForwardedRef<{ toBase64Image(): string }>
) {
  useImperativeHandle(ref, () => ({ toBase64Image: () => PNG_DATA_URL }));
  const name = props['aria-label'] ?? '';
  drawn.set(name, { type: props.type, data: props.data, options: props.options });
  return <canvas role="img" aria-label={name} data-type={props.type} />;
});

/** Renders `ui` inside the app's providers; `rerender` keeps them (the same tree, new props). */
export function renderWithProviders(ui: ReactNode, store = createStore()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        {children}
      </FluentProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper }) };
}

/** A promise answered from the test, for the order in which replies arrive. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export type QueryReply = (arg: AnalyticsQueryArg) => Promise<IpcResult<unknown>> | IpcResult<unknown>;
