import { LogOutIcon, ShieldIcon, UserRoundIcon } from "lucide-react";
import { Link } from "react-router";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSignOut } from "../api/use-sign-out";
import { avatarInitials } from "../lib/avatar-initials";

/**
 * The signed-in shopper's avatar and menu: 'My Account', the e-mail, the account page, the admin
 * page for the shop's administrators, 'Sign out'.
 */
export function AccountMenu({ email, isAdmin = false }: { email: string; isAdmin?: boolean }) {
  const signOut = useSignOut();
  const initials = avatarInitials(email);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name holds the initials the button shows, so speech users can say what they see. */}
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={`Account menu, ${initials}`}>
          <Avatar>
            <AvatarFallback>{initials}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <p className="truncate px-2 pb-1.5 text-sm text-muted-foreground">{email}</p>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRoundIcon aria-hidden="true" />
            Account and API keys
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldIcon aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
