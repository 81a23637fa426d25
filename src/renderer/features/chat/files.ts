/** The chat's uploads read files as every upload of the app does (components/upload-file.ts). */
export { fileToBase64, uploadContentType } from '../../components/upload-file';
