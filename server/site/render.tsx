import { renderToStaticMarkup } from 'react-dom/server';
import type { View } from './load.js';
import { ArticlePage } from './pages/ArticlePage.js';
import { ContactsPage } from './pages/ContactsPage.js';
import { ContentPage } from './pages/ContentPage.js';
import { Home } from './pages/Home.js';
import { ListPage } from './pages/ListPage.js';
import { MessagePage } from './pages/MessagePage.js';
import { ProductPage } from './pages/ProductPage.js';
import { UsedProductPage } from './pages/UsedProductPage.js';
import type { Frame } from './parts/Document.js';

/** The page of a view as a complete HTML document: static markup, no script, nothing to hydrate. */
export function renderView(frame: Frame, view: View): string {
  return `<!doctype html>${renderToStaticMarkup(element(frame, view))}`;
}

function element(frame: Frame, view: View) {
  switch (view.kind) {
    case 'home':
      return <Home frame={frame} resolved={view.resolved} featured={view.featured} />;
    case 'list':
      return <ListPage frame={frame} resolved={view.resolved} kind={view.of} list={view.list} />;
    case 'product':
      return <ProductPage frame={frame} resolved={view.resolved} />;
    case 'usedProduct':
      return <UsedProductPage frame={frame} resolved={view.resolved} />;
    case 'article':
      return <ArticlePage frame={frame} resolved={view.resolved} />;
    case 'contacts':
      return <ContactsPage frame={frame} resolved={view.resolved} />;
    case 'content':
      return <ContentPage frame={frame} resolved={view.resolved} />;
    case 'notFound':
      return <MessagePage frame={frame} title={frame.t.notFound} text={frame.t.notFoundText} />;
  }
}
