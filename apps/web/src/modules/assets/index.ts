export { CompanyAssetsScreen, SupplierAssetsScreen } from './components/assets-screen';
export { SuppliersScreen } from './components/suppliers-screen';
