/** Written after each build: what the build was made for (see scripts/postbuild.ts). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const BUILD_INFO_FILE = `${BUILD_DIR}/build-info.json`;

export interface BuildInfo {
  builtAt: string;
}
