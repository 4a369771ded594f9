import AppSidebar from "./AppSidebar";
import DangerZone from "./DangerZone";
import EmailPreview from "./EmailPreview";
import ForgotPasswordForm from "./ForgotPasswordForm";
import LoginForm from "./LoginForm";
import ProfileForm from "./ProfileForm";
import ResetPasswordForm from "./ResetPasswordForm";
import SidebarTrigger from "./SidebarTrigger";
import SignupForm from "./SignupForm";
import ThemeToggle from "./ThemeToggle";
import Toaster from "./Toaster";

/**
 * Every island, by name. The server renders them from here; scripts/build.ts builds one
 * browser entry per name. A component not listed here never reaches the browser.
 */
export const islands = {
  AppSidebar,
  DangerZone,
  EmailPreview,
  ForgotPasswordForm,
  LoginForm,
  ProfileForm,
  ResetPasswordForm,
  SidebarTrigger,
  SignupForm,
  ThemeToggle,
  Toaster,
};

export type IslandName = keyof typeof islands;
