import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    minify: "terser",
    terserOptions: { compress: { passes: 2, ecma: 2020 }, format: { comments: false } },
  },
});
