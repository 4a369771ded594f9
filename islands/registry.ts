import AllowanceMeter from "./plans/AllowanceMeter";
import AppSidebar from "./shell/AppSidebar";
import CalendarBoard from "./calendar/CalendarBoard";
import CalendarFeed from "./calendar/CalendarFeed";
import CarouselEditor from "./carousel/CarouselEditor";
import ContentPlanner from "./plans/ContentPlanner";
import DangerZone from "./account/DangerZone";
import DemoCheckout from "./billing/DemoCheckout";
import EmailPreview from "./dev/EmailPreview";
import ExpiredGreeting from "./billing/ExpiredGreeting";
import ForgotPasswordForm from "./auth/ForgotPasswordForm";
import LinkedinConnection from "./account/LinkedinConnection";
import LoginForm from "./auth/LoginForm";
import MyPosts from "./posts/MyPosts";
import PaymentSetupAction from "./billing/PaymentSetupAction";
import PaymentSuccess from "./billing/PaymentSuccess";
import PostDetail from "./posts/PostDetail";
import PlanScheduleButton from "./plans/PlanScheduleButton";
import PostResults from "./posts/PostResults";
import PostNowLanding from "./posts/PostNowLanding";
import ProfileForm from "./account/ProfileForm";
import ReminderSettings from "./account/ReminderSettings";
import ResetPasswordForm from "./auth/ResetPasswordForm";
import SidebarTrigger from "./shell/SidebarTrigger";
import SignupForm from "./auth/SignupForm";
import Subscribe from "./billing/Subscribe";
import SubscriptionCard from "./billing/SubscriptionCard";
import ThemeToggle from "./ui/ThemeToggle";
import Toaster from "./ui/Toaster";
import VoiceSettings from "./account/VoiceSettings";

/**
 * Every island, by name. The server renders them from here; scripts/build.ts builds one
 * browser entry per name. A component not listed here never reaches the browser.
 */
export const islands = {
  AllowanceMeter,
  AppSidebar,
  CalendarBoard,
  CalendarFeed,
  CarouselEditor,
  ContentPlanner,
  DangerZone,
  DemoCheckout,
  LinkedinConnection,
  EmailPreview,
  ExpiredGreeting,
  ForgotPasswordForm,
  LoginForm,
  MyPosts,
  PaymentSetupAction,
  PaymentSuccess,
  PostDetail,
  PlanScheduleButton,
  PostResults,
  PostNowLanding,
  ProfileForm,
  ReminderSettings,
  ResetPasswordForm,
  SidebarTrigger,
  SignupForm,
  Subscribe,
  SubscriptionCard,
  ThemeToggle,
  Toaster,
  VoiceSettings,
};

export type IslandName = keyof typeof islands;
