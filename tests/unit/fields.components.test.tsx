// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor as waitForDom } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Field, MenuTreeField as MenuTreeDef, RepeaterField as RepeaterDef } from '../../entities/fields';
import type { MenuNode } from '../../entities/fieldTypes/menuTree';
import { AppServicesProvider, type AppServices } from '../../src/app/AppServices';
import { FieldFrame } from '../../src/fields/FieldFrame';
import { FieldHostContext, type FieldHost } from '../../src/fields/context';
import en from '../../locales/en.json' with { type: 'json' };
import { testServices } from './appServices';

let actors: Partial<AppServices>;
beforeAll(async () => {
  actors = await testServices();
});
afterEach(cleanup);

/** An input by name, once its lazy widget has loaded. */
const byName = (name: string) =>
  waitForDom(() => {
    const el = document.querySelector(`[name="${name}"]`);
    if (!el) throw new Error(`no ${name} yet`);
    return el as HTMLInputElement;
  });

/** A field with its value kept here, as the form machine would keep it. */
function Harness({ field, initial, host, onValue }: { field: Field; initial: unknown; host?: FieldHost; onValue?: (v: unknown) => void }) {
  const [value, setValue] = useState(initial);
  const frame = (
    <FieldFrame
      name="f"
      field={field}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
  const wrap = (children: ReactNode) => (host ? <FieldHostContext.Provider value={host}>{children}</FieldHostContext.Provider> : children);
  return <AppServicesProvider services={actors}>{wrap(frame)}</AppServicesProvider>;
}

const specs: RepeaterDef = {
  type: 'repeater',
  label: 'fields.product.specs',
  rowLabel: 'name',
  max: 3,
  fields: {
    name: { type: 'text', label: 'fields.product.specs.name', required: true },
    value: { type: 'text', label: 'fields.product.specs.value' },
  },
};

describe('field widgets', () => {
  it('a slug is tidied when the box is left', async () => {
    let last: unknown;
    render(<Harness field={{ type: 'slug', label: 'fields.product.slug', from: 'name' }} initial="" onValue={(v) => (last = v)} />);
    const box = (await screen.findByRole('textbox')) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Trattore DF 5080 Ultra!' } });
    fireEvent.blur(box);
    expect(last).toBe('trattore-df-5080-ultra');
  });

  it('a repeater adds, inserts, moves and removes rows, and shows its label from the `_` key', async () => {
    let last: any;
    render(<Harness field={specs} initial={[{ name: 'Peso', value: '4 t' }]} onValue={(v) => (last = v)} />);
    expect(await screen.findByText(en.fields.product.specs._)).toBeTruthy();
    expect(await screen.findByDisplayValue('Peso')).toBeTruthy();
    fireEvent.click(screen.getByTestId('f-add'));
    expect(last).toEqual([
      { name: 'Peso', value: '4 t' },
      { name: '', value: '' },
    ]);
    fireEvent.change(await byName('f.1.name'), { target: { value: 'Motore' } });
    await waitForDom(() => expect((document.querySelector('input[name="f.1.name"]') as HTMLInputElement).value).toBe('Motore'));
    fireEvent.click(screen.getAllByRole('button', { name: en.fields.repeater.moveUp })[1]!);
    expect(last.map((r: any) => r.name)).toEqual(['Motore', 'Peso']);
    fireEvent.click(screen.getAllByRole('button', { name: en.fields.repeater.insert })[0]!);
    expect(last.map((r: any) => r.name)).toEqual(['Motore', '', 'Peso']);
    // At the declared maximum, no more rows.
    expect((screen.getByTestId('f-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: en.fields.repeater.remove })[1]!);
    expect(last.map((r: any) => r.name)).toEqual(['Motore', 'Peso']);
  });

  it('a repeater row named by a select shows the option label, not the stored value', async () => {
    const hours: RepeaterDef = {
      type: 'repeater',
      label: 'fields.sitePage.opening_hours',
      rowLabel: 'from_day',
      fields: {
        from_day: { type: 'select', label: 'fields.sitePage.from_day', options: [{ value: 'mon', label: 'options.sitePage.day.mon' }] },
        opens: { type: 'time', label: 'fields.sitePage.opens' },
      },
    };
    render(<Harness field={hours} initial={[{ from_day: 'mon', opens: '08:00:00' }]} />);
    expect(await screen.findByText(en.options.sitePage.day.mon, { selector: 'span' })).toBeTruthy();
  });

  it('inside a form, a row field reports its own path and shows that path’s errors', async () => {
    const changes: Array<[string, unknown]> = [];
    const host: FieldHost = {
      useErrorsAt: (path) => (path === 'f.0.name' ? [{ code: 'blank' }] : []),
      useNestedInvalid: (path) => path === 'f.0',
      change: (path, value) => void changes.push([path, value]),
    };
    render(<Harness field={specs} initial={[{ name: '', value: 'x' }]} host={host} />);
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByTestId('row-error')).toBeTruthy();
    fireEvent.change(await byName('f.0.value'), { target: { value: 'y' } });
    expect(changes).toEqual([['f.0.value', 'y']]);
  });

  it('a colour takes a hex code and an opacity', async () => {
    let last: unknown;
    render(<Harness field={{ type: 'color', label: 'fields.brand.color', alpha: true }} initial="#3b82f6" onValue={(v) => (last = v)} />);
    const slider = await byName('f.alpha');
    fireEvent.change(slider, { target: { value: '50' } });
    expect(last).toBe('#3b82f680');
    fireEvent.change(document.querySelector('input[name="f"]')!, { target: { value: '#ff0000' } });
    expect(last).toBe('#ff0000');
  });

  it('a menu tree nests with the buttons and stops at its depth', async () => {
    let last: MenuNode[] = [];
    const menu: MenuTreeDef = { type: 'menuTree', label: 'fields.playground.menu', maxDepth: 2 };
    const tree: MenuNode[] = [
      { id: 'a', label: 'A', url: '/a', children: [] },
      { id: 'b', label: 'B', url: '/b', children: [] },
    ];
    render(<Harness field={menu} initial={tree} onValue={(v) => (last = v as MenuNode[])} />);
    await screen.findByDisplayValue('B');
    const indent = screen.getAllByRole('button', { name: en.fields.menu.indent });
    expect((indent[0] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(indent[1]!);
    expect(last.map((n) => [n.label, n.children.map((c) => c.label)])).toEqual([['A', ['B']]]);
    await screen.findByDisplayValue('B');
    // B is on the second and last level: it cannot take children.
    const addChild = screen.getAllByRole('button', { name: en.fields.menu.addChild });
    expect((addChild[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByDisplayValue('B'), { target: { value: 'Blog' } });
    expect(last[0]?.children[0]?.label).toBe('Blog');
  });

  it('a time is stored with seconds', async () => {
    let last: unknown;
    render(<Harness field={{ type: 'time', label: 'fields.playground.time' }} initial={null} onValue={(v) => (last = v)} />);
    const box = await byName('f');
    await act(async () => {
      fireEvent.change(box, { target: { value: '08:30' } });
    });
    expect(last).toBe('08:30:00');
  });
});

describe('the list widget', () => {
  it('adds typed entries with Enter or the button, drops a repeated one, removes with the chip button or Backspace', async () => {
    let last: string[] = [];
    render(
      <Harness field={{ type: 'list', label: 'fields.tenant.aliases', pattern: '[a-z.]+' }} initial={['a.example']} onValue={(v) => (last = v as string[])} />,
    );
    const box = await byName('f.new');
    fireEvent.change(box, { target: { value: ' b.example ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(last).toEqual(['a.example', 'b.example']);
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: 'a.example' } });
    fireEvent.click(screen.getByRole('button', { name: en.fields.list.add }));
    expect(last).toEqual(['a.example', 'b.example']);
    fireEvent.click(screen.getByRole('button', { name: en.fields.removeItem.replace('{{item}}', 'a.example') }));
    expect(last).toEqual(['b.example']);
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(last).toEqual([]);
    // What is typed but not yet added counts when the box is left.
    fireEvent.change(box, { target: { value: 'c.example' } });
    fireEvent.blur(box);
    expect(last).toEqual(['c.example']);
  });

  it('offers declared options as checkboxes by their names; ticking appends, unticking removes', async () => {
    let last: string[] = [];
    render(
      <Harness
        field={{
          type: 'list',
          label: 'fields.tenant.brand_list',
          options: [
            { value: 'DF', name: 'Deutz-Fahr' },
            { value: 'SA', name: 'SAME' },
          ],
        }}
        initial={['DF']}
        onValue={(v) => (last = v as string[])}
      />,
    );
    const same = await byName('f.SA');
    expect(screen.getByRole('group', { name: en.fields.tenant.brand_list })).toBeTruthy();
    expect((screen.getByLabelText('Deutz-Fahr') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(same);
    expect(last).toEqual(['DF', 'SA']);
    fireEvent.click(screen.getByLabelText('Deutz-Fahr'));
    expect(last).toEqual(['SA']);
  });
});
