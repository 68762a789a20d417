// Global Vision (/globalcorporate): app/ gives the screen the way to open another company's screen.
export { PortfolioScreen } from './components/portfolio-screen';
