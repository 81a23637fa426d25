// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { UpdateChip } from '../../../src/renderer/features/updates/UpdateChip';
import { AppToaster } from '../../../src/renderer/app/toasts';
import { UPDATE_TEXT, type UpdateView } from '../../../src/shared/updates';
import { fail, installFakeAtiende, ok } from './fake-atiende';

function renderChip() {
  render(
    <FluentProvider theme={webLightTheme}>
      <AppToaster />
      <UpdateChip />
    </FluentProvider>
  );
}

describe('the header’s update chip (issue 41)', () => {
  afterEach(() => cleanup());

  it('stays hidden until an update is ready, then says it installs at the end of the shift, without an install offer while a chat is held', async () => {
    const fake = installFakeAtiende();
    renderChip();
    await waitFor(() => expect(fake.api.update.current).toHaveBeenCalled());
    expect(screen.queryByTestId('actualizacion')).toBeNull();
    act(() => fake.emit('update:changed', { phase: 'downloading', version: '1.5.0', canInstallNow: false } satisfies UpdateView));
    expect(screen.queryByTestId('actualizacion')).toBeNull();
    act(() => fake.emit('update:changed', { phase: 'ready', version: '1.5.0', canInstallNow: false } satisfies UpdateView));
    expect(screen.getByRole('status').textContent).toContain(UPDATE_TEXT.ready);
    expect(screen.queryByRole('button', { name: UPDATE_TEXT.installNow })).toBeNull();
  });

  it('offers "Instalar ahora" when the main process allows it, and shows its refusal when the state changed before the click', async () => {
    const fake = installFakeAtiende();
    fake.api.update.current.mockImplementation(() => ok<UpdateView>({ phase: 'ready', version: '1.5.0', canInstallNow: true }));
    fake.api.update.install.mockImplementation(() => fail({ status: 409, message: UPDATE_TEXT.notNow }));
    renderChip();
    fireEvent.click(await screen.findByRole('button', { name: UPDATE_TEXT.installNow }));
    expect(await screen.findByText(UPDATE_TEXT.notNow)).toBeTruthy();
    expect(fake.api.update.install).toHaveBeenCalledTimes(1);
  });
});
