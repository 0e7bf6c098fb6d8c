import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AdminApp } from "./admin/AdminApp";
import "./admin/admin.css";

/** The admin portal's entry: rendered in the browser only (the server sends an empty, no-index shell). */
createRoot(document.getElementById("admin-root")!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
